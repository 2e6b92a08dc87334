//! Starts `gradfix server` for Python buffers. Zed's `lsp.gradfix` settings may name another
//! binary (`binary.path`, `binary.arguments`) and pass `initialization_options`.

use zed_extension_api::{self as zed, settings::LspSettings, LanguageServerId, Result};

struct Gradfix;

impl zed::Extension for Gradfix {
    fn new() -> Self {
        Gradfix
    }

    fn language_server_command(
        &mut self,
        id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let binary = LspSettings::for_worktree(id.as_ref(), worktree)
            .ok()
            .and_then(|settings| settings.binary);
        let command = binary
            .as_ref()
            .and_then(|binary| binary.path.clone())
            .or_else(|| worktree.which("gradfix"))
            .ok_or_else(|| "gradfix is not on the PATH; set lsp.gradfix.binary.path".to_string())?;
        let args = binary
            .as_ref()
            .and_then(|binary| binary.arguments.clone())
            .unwrap_or_else(|| vec!["server".to_string()]);
        Ok(zed::Command {
            command,
            args,
            env: worktree.shell_env(),
        })
    }

    fn language_server_initialization_options(
        &mut self,
        id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<zed::serde_json::Value>> {
        Ok(LspSettings::for_worktree(id.as_ref(), worktree)
            .ok()
            .and_then(|settings| settings.initialization_options))
    }
}

zed::register_extension!(Gradfix);
