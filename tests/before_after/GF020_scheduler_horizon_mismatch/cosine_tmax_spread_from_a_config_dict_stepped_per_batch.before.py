# The horizon comes from a dict written out in the file and spread into the constructor
# (`**SETTINGS["schedule"]`, `SETTINGS = {"schedule": {"T_max": NUM_EPOCHS}}`): counted in
# epochs, yet the scheduler steps every batch.
import torch
from torch.optim.lr_scheduler import StepLR, CosineAnnealingLR

NUM_EPOCHS = 30
SETTINGS = {"schedule": {"T_max": NUM_EPOCHS, "eta_min": 1e-5}, "decay": dict(step_size=NUM_EPOCHS // 3, gamma=0.5)}


def train(net, batches):
    optim = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    cosine = CosineAnnealingLR(optim, **SETTINGS["schedule"])
    for _ in range(NUM_EPOCHS):
        for inputs, targets in batches:
            optim.zero_grad()
            torch.nn.functional.mse_loss(net(inputs), targets).backward()
            optim.step()
            cosine.step()


def train_steps(net, batches):
    optim = torch.optim.SGD(net.parameters(), lr=0.05)
    decay = StepLR(optim, **SETTINGS["decay"])
    for _ in range(NUM_EPOCHS):
        for inputs, targets in batches:
            optim.zero_grad()
            torch.nn.functional.mse_loss(net(inputs), targets).backward()
            optim.step()
            decay.step()
