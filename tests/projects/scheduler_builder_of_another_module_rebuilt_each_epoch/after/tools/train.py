import torch

from utils import optim as optim_utils
from utils.optim import build_optimizer, build_scheduler

CFG = {"sched": "cosine", "epochs": 4, "milestones": [2, 3], "lr": 0.1}


def train_one_epoch(model, optimizer, batches):
    for x, y in batches:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def main(batches):
    model = torch.nn.Linear(4, 2)
    optimizer = build_optimizer(model, CFG["lr"])
    # the schedule of the run
    scheduler = build_scheduler(optimizer, CFG)
    for epoch in range(CFG["epochs"]):
        train_one_epoch(model, optimizer, batches)
        scheduler.step()

    head_optimizer = build_optimizer(model, CFG["lr"])
    epoch = 0
    head_scheduler = optim_utils.build_scheduler(head_optimizer, CFG)
    while epoch < CFG["epochs"]:
        train_one_epoch(model, head_optimizer, batches)
        head_scheduler.step()
        epoch += 1
