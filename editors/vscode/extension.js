// Starts `gradfix server` for Python files and notebooks; everything else is the server's.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

const SETTINGS = ["select", "extendSelect", "ignore", "unsafeFixes"];
let client;

function settings() {
  const config = vscode.workspace.getConfiguration("gradfix");
  const chosen = {};
  for (const key of SETTINGS) {
    const value = config.get(key);
    if (value !== null && value !== undefined) {
      chosen[key] = value;
    }
  }
  return chosen;
}

async function activate(context) {
  const command = vscode.workspace.getConfiguration("gradfix").get("path") || "gradfix";
  client = new LanguageClient(
    "gradfix",
    "gradfix",
    // TransportKind.stdio also passes --stdio, which `gradfix server` accepts
    { command, args: ["server"], transport: TransportKind.stdio },
    {
      documentSelector: [
        { scheme: "file", language: "python" },
        { scheme: "untitled", language: "python" },
        { scheme: "vscode-notebook-cell", language: "python" },
      ],
      initializationOptions: settings(),
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/pyproject.toml") },
    },
  );
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (client && event.affectsConfiguration("gradfix")) {
        client.sendNotification("workspace/didChangeConfiguration", { settings: { gradfix: settings() } });
      }
    }),
  );
  await client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
