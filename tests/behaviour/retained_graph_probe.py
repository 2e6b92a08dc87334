"""Measure what a training script's autograd graph still holds when the optimizer steps.

    python retained_graph_probe.py <script.py> [steps]

Imports the script (not as __main__), lowers its NUM_STEPS, and runs its main() with
two instruments:

- a saved-tensor hook that hands autograd a small holder object for every tensor a
  forward pass saves for backward; the graph keeps the holder alive until backward frees
  the saved tensors (or, with retain_graph=True, until the graph itself dies);
- an optimizer step pre-hook that counts the holders still alive at each step.

After a single backward() without retain_graph, nothing is left (0 bytes); after
`a.backward(retain_graph=True); b.backward()`, the part of the graph only `a` reaches is
still held. The result is structural and deterministic (no timing, no allocator stats):
the bytes of saved tensors the retained graph keeps alive across the step. Prints one
JSON line: {"retained_bytes": [...], "retained_tensors": [...]} (one entry per step).
"""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import io
import json
import sys
import weakref

import torch
from torch.optim.optimizer import register_optimizer_step_pre_hook


class _Held:
    __slots__ = ("tensor", "__weakref__")

    def __init__(self, tensor: torch.Tensor) -> None:
        self.tensor = tensor


def main() -> None:
    path, steps = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 4
    spec = importlib.util.spec_from_file_location("probed_training_script", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    script.NUM_STEPS = steps

    held: list[weakref.ref[_Held]] = []
    retained_bytes: list[int] = []
    retained_tensors: list[int] = []

    def pack(tensor: torch.Tensor) -> _Held:
        holder = _Held(tensor)
        held.append(weakref.ref(holder))
        return holder

    def unpack(holder: _Held) -> torch.Tensor:
        return holder.tensor

    def before_step(optimizer, args, kwargs) -> None:  # type: ignore[no-untyped-def]
        gc.collect()
        alive = [h for h in (ref() for ref in held) if h is not None]
        retained_tensors.append(len(alive))
        retained_bytes.append(sum(h.tensor.numel() * h.tensor.element_size() for h in alive))
        held.clear()

    handle = register_optimizer_step_pre_hook(before_step)
    try:
        with torch.autograd.graph.saved_tensors_hooks(pack, unpack), contextlib.redirect_stdout(io.StringIO()):
            script.main()
    finally:
        handle.remove()
    print(json.dumps({"retained_bytes": retained_bytes, "retained_tensors": retained_tensors}))


if __name__ == "__main__":
    main()
