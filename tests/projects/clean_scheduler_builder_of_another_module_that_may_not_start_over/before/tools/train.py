import torch

from utils.optim import build_optimizer, build_scheduler, build_stage_scheduler, make_sched

CFG = {"sched": "warmup", "epochs": 4, "gamma": 0.9, "lr": 0.1, "step": 2}


def train_one_epoch(model, optimizer, batches):
    for x, y in batches:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def main(batches):
    model = torch.nn.Linear(4, 2)
    optimizer = build_optimizer(model, CFG["lr"])
    for epoch in range(CFG["epochs"]):
        scheduler = build_scheduler(optimizer, CFG)
        train_one_epoch(model, optimizer, batches)
        scheduler.step()
    for epoch in range(CFG["epochs"]):
        stage = build_stage_scheduler(optimizer, CFG)
        train_one_epoch(model, optimizer, batches)
        stage.step()
    for epoch in range(CFG["epochs"]):
        stepper = make_sched(optimizer, CFG, epoch)
        train_one_epoch(model, optimizer, batches)
        stepper.step()
    for stage_epochs in (2, 3):
        optimizer = build_optimizer(model, CFG["lr"])
        restart = build_stage_scheduler(optimizer, CFG)
        for epoch in range(stage_epochs):
            train_one_epoch(model, optimizer, batches)
            restart.step()
