"""The two files benchmarks/startup.py times gradfix on: an ordinary module without gradient
code, and a training script of 300 lines with one bug (no `zero_grad` in its loop).

Both are our own code, written for this benchmark.
"""

PLAIN = '''"""Small helpers for reading experiment logs."""

from __future__ import annotations

import csv
import json
import math
import statistics
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Series:
    name: str
    steps: list[int] = field(default_factory=list)
    values: list[float] = field(default_factory=list)

    def add(self, step: int, value: float) -> None:
        self.steps.append(step)
        self.values.append(value)

    def last(self) -> float:
        return self.values[-1] if self.values else math.nan

    def smoothed(self, weight: float = 0.9) -> list[float]:
        out, running = [], None
        for value in self.values:
            running = value if running is None else weight * running + (1 - weight) * value
            out.append(running)
        return out

    def summary(self) -> dict[str, float]:
        if not self.values:
            return {}
        return {
            "min": min(self.values),
            "max": max(self.values),
            "mean": statistics.fmean(self.values),
            "last": self.last(),
        }


def read_csv(path: Path) -> dict[str, Series]:
    series: dict[str, Series] = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            step = int(row.pop("step"))
            for name, text in row.items():
                if text:
                    series.setdefault(name, Series(name)).add(step, float(text))
    return series


def read_jsonl(path: Path) -> dict[str, Series]:
    series: dict[str, Series] = {}
    with open(path) as handle:
        for line in handle:
            record = json.loads(line)
            step = record.pop("step")
            for name, value in record.items():
                series.setdefault(name, Series(name)).add(step, float(value))
    return series


def best_step(series: Series, lower_is_better: bool = True) -> int:
    pick = min if lower_is_better else max
    value = pick(series.values)
    return series.steps[series.values.index(value)]


def compare(runs: dict[str, dict[str, Series]], metric: str) -> list[tuple[str, float]]:
    table = [(name, run[metric].last()) for name, run in runs.items() if metric in run]
    return sorted(table, key=lambda item: item[1])


def write_report(path: Path, runs: dict[str, dict[str, Series]], metrics: list[str]) -> None:
    lines = ["| run | " + " | ".join(metrics) + " |", "|---" * (len(metrics) + 1) + "|"]
    for name, run in sorted(runs.items()):
        cells = [f"{run[m].last():.4f}" if m in run else "-" for m in metrics]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    path.write_text("\\n".join(lines) + "\\n")
'''

TRAIN_HEAD = '''"""Train a small convolutional classifier on image folders, with warm-up, AMP and checkpoints."""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import random
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

log = logging.getLogger("train")


@dataclass
class Config:
    data: str = "data"
    out: str = "runs/latest"
    epochs: int = 10
    batch_size: int = 64
    lr: float = 3e-4
    weight_decay: float = 0.05
    warmup_steps: int = 500
    max_grad_norm: float = 1.0
    num_workers: int = 4
    seed: int = 0
    amp: bool = True
    log_every: int = 50
    eval_every: int = 1000
    channels: int = 64
    num_classes: int = 10


def parse_args() -> Config:
    parser = argparse.ArgumentParser(description=__doc__)
    defaults = Config()
    for name, value in asdict(defaults).items():
        kind = type(value)
        if kind is bool:
            parser.add_argument(f"--{name.replace('_', '-')}", action=argparse.BooleanOptionalAction, default=value)
        else:
            parser.add_argument(f"--{name.replace('_', '-')}", type=kind, default=value)
    return Config(**vars(parser.parse_args()))


def seed_everything(seed: int) -> None:
    random.seed(seed)
    torch.manual_seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)


class ImageFolder(Dataset):
    """Images stored as tensors, one file per image: <root>/<class>/<name>.pt"""

    def __init__(self, root: Path, train: bool) -> None:
        self.items: list[tuple[Path, int]] = []
        classes = sorted(p.name for p in root.iterdir() if p.is_dir())
        self.classes = {name: index for index, name in enumerate(classes)}
        for name, index in self.classes.items():
            for path in sorted((root / name).glob("*.pt")):
                self.items.append((path, index))
        self.train = train

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index: int) -> tuple[torch.Tensor, int]:
        path, label = self.items[index]
        image = torch.load(path)
        if self.train:
            image = self.augment(image)
        return image, label

    @staticmethod
    def augment(image: torch.Tensor) -> torch.Tensor:
        if random.random() < 0.5:
            image = image.flip(-1)
        shift = random.randint(-2, 2)
        return torch.roll(image, shifts=shift, dims=-1)


class Block(nn.Module):
    def __init__(self, channels_in: int, channels_out: int, stride: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(channels_in, channels_out, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels_out)
        self.conv2 = nn.Conv2d(channels_out, channels_out, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels_out)
        self.skip = None
        if stride != 1 or channels_in != channels_out:
            self.skip = nn.Sequential(
                nn.Conv2d(channels_in, channels_out, 1, stride, bias=False), nn.BatchNorm2d(channels_out)
            )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + (x if self.skip is None else self.skip(x)))


class Net(nn.Module):
    def __init__(self, channels: int, num_classes: int) -> None:
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, channels, 3, 1, 1, bias=False), nn.BatchNorm2d(channels), nn.ReLU())
        self.layers = nn.Sequential(
            Block(channels, channels, 1),
            Block(channels, 2 * channels, 2),
            Block(2 * channels, 4 * channels, 2),
        )
        self.head = nn.Linear(4 * channels, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.layers(self.stem(x))
        return self.head(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


def parameter_groups(model: nn.Module, weight_decay: float) -> list[dict]:
    decay, no_decay = [], []
    for name, parameter in model.named_parameters():
        if not parameter.requires_grad:
            continue
        (no_decay if parameter.ndim <= 1 or name.endswith(".bias") else decay).append(parameter)
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]


def warmup_cosine(step: int, warmup: int, total: int) -> float:
    if step < warmup:
        return (step + 1) / warmup
    progress = (step - warmup) / max(1, total - warmup)
    return 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))


class Meter:
    def __init__(self) -> None:
        self.total = 0.0
        self.count = 0

    def update(self, value: float, n: int = 1) -> None:
        self.total += value * n
        self.count += n

    @property
    def average(self) -> float:
        return self.total / max(1, self.count)


def accuracy(logits: torch.Tensor, labels: torch.Tensor) -> float:
    return (logits.argmax(dim=1) == labels).float().mean().item()


def count_parameters(model: nn.Module) -> tuple[int, int]:
    total = sum(p.numel() for p in model.parameters())
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    return total, trainable


def describe(model: nn.Module) -> str:
    total, trainable = count_parameters(model)
    lines = [f"{type(model).__name__}: {total / 1e6:.2f} M parameters ({trainable / 1e6:.2f} M trainable)"]
    for name, module in model.named_children():
        size = sum(p.numel() for p in module.parameters())
        lines.append(f"  {name:<10} {type(module).__name__:<12} {size:>10,}")
    return "\\n".join(lines)


class EarlyStopping:
    """Stop when the validation metric has not improved for `patience` evaluations."""

    def __init__(self, patience: int = 5, min_delta: float = 1e-4) -> None:
        self.patience = patience
        self.min_delta = min_delta
        self.best = -math.inf
        self.bad_rounds = 0

    def step(self, metric: float) -> bool:
        if metric > self.best + self.min_delta:
            self.best = metric
            self.bad_rounds = 0
        else:
            self.bad_rounds += 1
        return self.bad_rounds >= self.patience
'''

TRAIN_LOOP = '''

@torch.no_grad()
def evaluate(model: nn.Module, loader: DataLoader, device: torch.device) -> dict[str, float]:
    model.eval()
    losses, accuracies = Meter(), Meter()
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        logits = model(images)
        losses.update(F.cross_entropy(logits, labels).item(), len(labels))
        accuracies.update(accuracy(logits, labels), len(labels))
    model.train()
    return {"loss": losses.average, "accuracy": accuracies.average}


def save_checkpoint(path: Path, model: nn.Module, optimizer, scheduler, scaler, step: int) -> None:
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


def load_checkpoint(path: Path, model: nn.Module, optimizer, scheduler, scaler) -> int:
    if not path.exists():
        return 0
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model"])
    optimizer.load_state_dict(state["optimizer"])
    scheduler.load_state_dict(state["scheduler"])
    scaler.load_state_dict(state["scaler"])
    return int(state["step"])


def train(config: Config) -> dict[str, float]:
    seed_everything(config.seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    out = Path(config.out)
    train_set = ImageFolder(Path(config.data) / "train", train=True)
    val_set = ImageFolder(Path(config.data) / "val", train=False)
    train_loader = DataLoader(train_set, config.batch_size, shuffle=True, num_workers=config.num_workers,
                              drop_last=True, pin_memory=True)
    val_loader = DataLoader(val_set, config.batch_size, num_workers=config.num_workers)

    model = Net(config.channels, config.num_classes).to(device)
    log.info("%s", describe(model))
    optimizer = torch.optim.AdamW(parameter_groups(model, config.weight_decay), lr=config.lr)
    total_steps = config.epochs * len(train_loader)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: warmup_cosine(step, config.warmup_steps, total_steps)
    )
    scaler = torch.cuda.amp.GradScaler(enabled=config.amp and device.type == "cuda")
    step = load_checkpoint(out / "last.pt", model, optimizer, scheduler, scaler)
    best = {"accuracy": 0.0}
    stopper = EarlyStopping()
    losses = Meter()
    started = time.time()

    for epoch in range(step // len(train_loader), config.epochs):
        for images, labels in train_loader:
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            with torch.autocast(device.type, enabled=config.amp):
                logits = model(images)
                loss = F.cross_entropy(logits, labels, label_smoothing=0.1)
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), config.max_grad_norm)
            scaler.step(optimizer)
            scaler.update()
            scheduler.step()
            losses.update(loss.item(), len(labels))
            step += 1

            if step % config.log_every == 0:
                rate = step / max(1e-9, time.time() - started)
                log.info("epoch %d step %d loss %.4f lr %.2e (%.1f steps/s)", epoch, step, losses.average,
                         scheduler.get_last_lr()[0], rate)
                losses = Meter()
            if step % config.eval_every == 0:
                metrics = evaluate(model, val_loader, device)
                log.info("eval at step %d: %s", step, json.dumps(metrics))
                if metrics["accuracy"] > best["accuracy"]:
                    best = metrics
                    save_checkpoint(out / "best.pt", model, optimizer, scheduler, scaler, step)
                save_checkpoint(out / "last.pt", model, optimizer, scheduler, scaler, step)
                if stopper.step(metrics["accuracy"]):
                    log.info("no improvement in %d evaluations: stopping", stopper.patience)
                    break


    final = evaluate(model, val_loader, device)
    (out / "metrics.json").write_text(json.dumps({"final": final, "best": best}, indent=2))
    return final


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    config = parse_args()
    log.info("config: %s", json.dumps(asdict(config)))
    metrics = train(config)
    log.info("done: %s", json.dumps(metrics))


if __name__ == "__main__":
    main()
'''

TRAIN = TRAIN_HEAD + TRAIN_LOOP
