"""Train a tiny MLP classifier with a logit penalty as a separate regulariser.

TinyMLP: Linear(32, 128) -> ReLU -> Linear(128, 3), AdamW (lr 3e-3), batch 128,
200 optimizer steps cycling over 8192 samples. The classification loss and the
regulariser (0.1 * mean(logits ** 2)) are backpropagated one after the other.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {"weights": [...], ...}},
where "losses" holds the total loss (both terms) once per optimizer step and
"extra.weights" all parameters flattened, so results can be compared within a
tolerance (summing the terms before one backward changes rounding only).
"""

import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)

NUM_SAMPLES = 8192
IN_FEATURES = 32
HIDDEN = 128
NUM_CLASSES = 3
BATCH_SIZE = 128
NUM_STEPS = 200
LEARNING_RATE = 3e-3
LOGIT_PENALTY = 0.1


class TinyMLP(nn.Module):
    def __init__(self, in_features: int, hidden: int, num_classes: int) -> None:
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(hidden, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(self.act(self.fc1(x)))


def make_dataset(num_samples: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Random inputs labelled by a random linear "teacher" (argmax of Wx + b)."""
    inputs = torch.randn(num_samples, IN_FEATURES)
    teacher_weight = torch.randn(IN_FEATURES, NUM_CLASSES)
    teacher_bias = torch.randn(NUM_CLASSES)
    labels = (inputs @ teacher_weight + teacher_bias).argmax(dim=1)
    return inputs, labels


def iterate_forever(inputs, labels, batch_size):
    """Yield mini-batches in a fixed order, starting over after the last one."""
    while True:
        for start in range(0, inputs.shape[0], batch_size):
            yield inputs[start:start + batch_size], labels[start:start + batch_size]


def weights_sha256(model: nn.Module) -> str:
    # Raw float32 bytes of every parameter, in model.parameters() order.
    digest = hashlib.sha256()
    for param in model.parameters():
        flat = param.detach().to(torch.float32).contiguous().flatten()
        digest.update(bytes(flat.view(torch.uint8).tolist()))
    return digest.hexdigest()


def flat_weights(model: nn.Module) -> list[float]:
    return torch.cat([p.detach().flatten() for p in model.parameters()]).tolist()


def main() -> None:
    inputs, labels = make_dataset(NUM_SAMPLES)
    model = TinyMLP(IN_FEATURES, HIDDEN, NUM_CLASSES)
    optimizer = torch.optim.AdamW(model.parameters(), lr=LEARNING_RATE)
    batches = iterate_forever(inputs, labels, BATCH_SIZE)

    losses = []
    model.train()
    for step in range(NUM_STEPS):
        x, y = next(batches)
        optimizer.zero_grad()
        logits = model(x)
        ce_loss = F.cross_entropy(logits, y)
        reg_loss = (logits ** 2).mean()
        # the classification loss first; keep the graph for the regulariser
        ce_loss.backward(retain_graph=True)
        (LOGIT_PENALTY * reg_loss).backward()
        optimizer.step()
        losses.append(ce_loss.item() + LOGIT_PENALTY * reg_loss.item())

    with torch.no_grad():
        accuracy = (model(inputs).argmax(dim=1) == labels).float().mean().item()

    print(json.dumps({
        "losses": losses,
        "weights_sha256": weights_sha256(model),
        "extra": {"train_accuracy": accuracy, "weights": flat_weights(model)},
    }))


if __name__ == "__main__":
    main()
