"""Half precision with a scaler whose construction spans lines."""
import torch

scaler = torch.amp.GradScaler(
    "cuda",
    init_scale=2.0**14,
)


class Runner:
    def run_epoch(self, model, loader, optimizer, criterion):
        """Each batch: forward in float16, then the scaler's step.

        No extra GradScaler is needed here.
        """
        for x, y in loader:
            with torch.autocast("cuda", dtype=torch.float16):
                loss = criterion(model(x), y)
            optimizer.zero_grad()
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
