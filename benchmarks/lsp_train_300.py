"""A 300-line training script, the document benchmarks/lsp_latency.py edits.

It reads like a real project's train.py (arguments, data, a model, AMP, gradient accumulation,
a scheduler, evaluation and checkpoints) and holds two bugs gradfix reports: the accumulation
loop never flushes its last micro-batches (GF006) and the scheduler steps before the optimizer
(GF012). It is never run; gradfix never imports what it reads.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

log = logging.getLogger("train")


@dataclass
class TrainConfig:
    data_dir: str = "data"
    out_dir: str = "runs/latest"
    epochs: int = 10
    batch_size: int = 64
    accumulation_steps: int = 4
    learning_rate: float = 3e-4
    weight_decay: float = 0.05
    warmup_steps: int = 500
    max_grad_norm: float = 1.0
    label_smoothing: float = 0.1
    num_workers: int = 4
    seed: int = 1234
    amp: bool = True
    log_every: int = 50
    eval_every: int = 1000
    channels: list[int] = field(default_factory=lambda: [64, 128, 256, 512])


def parse_args() -> TrainConfig:
    parser = argparse.ArgumentParser(description=__doc__)
    defaults = TrainConfig()
    for name, value in asdict(defaults).items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, bool):
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=value)
        elif isinstance(value, list):
            parser.add_argument(flag, type=int, nargs="+", default=value)
        else:
            parser.add_argument(flag, type=type(value), default=value)
    args = parser.parse_args()
    return TrainConfig(**vars(args))


def seed_everything(seed: int) -> None:
    random.seed(seed)
    torch.manual_seed(seed)
    if torch.cuda.is_available():
        torch.cuda.manual_seed_all(seed)


class ShardDataset(Dataset):
    """Images and labels stored as tensors, one shard file per few thousand samples."""

    def __init__(self, root: str, split: str, augment: bool = False) -> None:
        self.files = sorted(Path(root, split).glob("shard_*.pt"))
        self.augment = augment
        self.index: list[tuple[int, int]] = []
        self.cache: dict[int, tuple[torch.Tensor, torch.Tensor]] = {}
        for shard, path in enumerate(self.files):
            count = torch.load(path, map_location="cpu")["labels"].shape[0]
            self.index.extend((shard, row) for row in range(count))

    def __len__(self) -> int:
        return len(self.index)

    def _shard(self, shard: int) -> tuple[torch.Tensor, torch.Tensor]:
        if shard not in self.cache:
            payload = torch.load(self.files[shard], map_location="cpu")
            self.cache[shard] = (payload["images"], payload["labels"])
        return self.cache[shard]

    def __getitem__(self, item: int) -> tuple[torch.Tensor, torch.Tensor]:
        shard, row = self.index[item]
        images, labels = self._shard(shard)
        image = images[row].float() / 255.0
        if self.augment:
            if random.random() < 0.5:
                image = image.flip(-1)
            shift = random.randint(-4, 4)
            image = torch.roll(image, shifts=shift, dims=-1)
        return image, labels[row]


class Block(nn.Module):
    def __init__(self, channels_in: int, channels_out: int, stride: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(channels_in, channels_out, 3, stride=stride, padding=1, bias=False)
        self.norm1 = nn.BatchNorm2d(channels_out)
        self.conv2 = nn.Conv2d(channels_out, channels_out, 3, padding=1, bias=False)
        self.norm2 = nn.BatchNorm2d(channels_out)
        self.skip = nn.Identity()
        if stride != 1 or channels_in != channels_out:
            self.skip = nn.Sequential(
                nn.Conv2d(channels_in, channels_out, 1, stride=stride, bias=False),
                nn.BatchNorm2d(channels_out),
            )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = F.relu(self.norm1(self.conv1(x)))
        out = self.norm2(self.conv2(out))
        return F.relu(out + self.skip(x))


class Net(nn.Module):
    def __init__(self, channels: list[int], num_classes: int = 100) -> None:
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, channels[0], 3, padding=1, bias=False),
            nn.BatchNorm2d(channels[0]),
            nn.ReLU(inplace=True),
        )
        layers = []
        previous = channels[0]
        for index, width in enumerate(channels):
            stride = 1 if index == 0 else 2
            layers.append(Block(previous, width, stride))
            layers.append(Block(width, width, 1))
            previous = width
        self.layers = nn.Sequential(*layers)
        self.head = nn.Linear(previous, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.layers(self.stem(x))
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        return self.head(x)


def parameter_groups(model: nn.Module, weight_decay: float) -> list[dict]:
    decay, no_decay = [], []
    for name, param in model.named_parameters():
        if not param.requires_grad:
            continue
        if param.ndim <= 1 or name.endswith(".bias"):
            no_decay.append(param)
        else:
            decay.append(param)
    return [
        {"params": decay, "weight_decay": weight_decay},
        {"params": no_decay, "weight_decay": 0.0},
    ]


def warmup_cosine(warmup: int, total: int):
    def factor(step: int) -> float:
        if step < warmup:
            return (step + 1) / warmup
        progress = (step - warmup) / max(1, total - warmup)
        return 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))

    return factor


@torch.no_grad()
def evaluate(model: nn.Module, loader: DataLoader, device: torch.device) -> dict[str, float]:
    model.eval()
    total, correct, loss_sum = 0, 0, 0.0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        logits = model(images)
        loss_sum += F.cross_entropy(logits, labels, reduction="sum").item()
        correct += (logits.argmax(dim=1) == labels).sum().item()
        total += labels.numel()
    model.train()
    return {"loss": loss_sum / max(1, total), "accuracy": correct / max(1, total)}


def save_checkpoint(path: Path, model, optimizer, scheduler, scaler, step: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    state = {
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "scheduler": scheduler.state_dict(),
        "scaler": scaler.state_dict(),
        "step": step,
    }
    tmp = path.with_suffix(".tmp")
    torch.save(state, tmp)
    os.replace(tmp, path)


def load_checkpoint(path: Path, model, optimizer, scheduler, scaler) -> int:
    if not path.exists():
        return 0
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model"])
    optimizer.load_state_dict(state["optimizer"])
    scheduler.load_state_dict(state["scheduler"])
    scaler.load_state_dict(state["scaler"])
    log.info("resumed from %s at step %d", path, state["step"])
    return int(state["step"])


def train(config: TrainConfig) -> None:
    seed_everything(config.seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    out_dir = Path(config.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "config.json").write_text(json.dumps(asdict(config), indent=2))

    train_set = ShardDataset(config.data_dir, "train", augment=True)
    val_set = ShardDataset(config.data_dir, "val")
    train_loader = DataLoader(
        train_set,
        batch_size=config.batch_size,
        shuffle=True,
        num_workers=config.num_workers,
        pin_memory=True,
        drop_last=False,
    )
    val_loader = DataLoader(val_set, batch_size=256, num_workers=config.num_workers)

    model = Net(config.channels).to(device)
    optimizer = torch.optim.AdamW(
        parameter_groups(model, config.weight_decay), lr=config.learning_rate
    )
    steps_per_epoch = math.ceil(len(train_loader) / config.accumulation_steps)
    total_steps = config.epochs * steps_per_epoch
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, warmup_cosine(config.warmup_steps, total_steps)
    )
    scaler = torch.amp.GradScaler(enabled=config.amp and device.type == "cuda")
    checkpoint = out_dir / "last.pt"
    step = load_checkpoint(checkpoint, model, optimizer, scheduler, scaler)

    best = 0.0
    started = time.perf_counter()
    for epoch in range(config.epochs):
        running = 0.0
        optimizer.zero_grad(set_to_none=True)
        for i, (images, labels) in enumerate(train_loader):
            images = images.to(device, non_blocking=True)
            labels = labels.to(device, non_blocking=True)
            with torch.autocast(device_type=device.type, enabled=config.amp):
                logits = model(images)
                loss = F.cross_entropy(logits, labels, label_smoothing=config.label_smoothing)
                loss = loss / config.accumulation_steps
            scaler.scale(loss).backward()
            running += loss.item()
            if (i + 1) % config.accumulation_steps == 0:
                scaler.unscale_(optimizer)
                nn.utils.clip_grad_norm_(model.parameters(), config.max_grad_norm)
                scheduler.step()
                scaler.step(optimizer)
                scaler.update()
                optimizer.zero_grad(set_to_none=True)
                step += 1
                if step % config.log_every == 0:
                    elapsed = time.perf_counter() - started
                    log.info(
                        "epoch %d step %d loss %.4f lr %.2e %.1f steps/s",
                        epoch,
                        step,
                        running / config.log_every,
                        scheduler.get_last_lr()[0],
                        step / max(elapsed, 1e-9),
                    )
                    running = 0.0
                if step % config.eval_every == 0:
                    metrics = evaluate(model, val_loader, device)
                    log.info("step %d val %s", step, metrics)
                    if metrics["accuracy"] > best:
                        best = metrics["accuracy"]
                        save_checkpoint(out_dir / "best.pt", model, optimizer, scheduler, scaler, step)
        save_checkpoint(checkpoint, model, optimizer, scheduler, scaler, step)

    metrics = evaluate(model, val_loader, device)
    log.info("final %s (best accuracy %.4f)", metrics, max(best, metrics["accuracy"]))
    (out_dir / "metrics.json").write_text(json.dumps({"final": metrics, "best": best}))


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    config = parse_args()
    train(config)


if __name__ == "__main__":
    main()
