import torch
from torch import nn

net = nn.Linear(8, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
batches = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(16)]


def train_step(batch):
    inputs, targets = batch
    opt.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        err = nn.functional.mse_loss(net(inputs), targets)
    amp_scaler.scale(err).backward()
    amp_scaler.step(opt)
    amp_scaler.update()


epoch = 0
amp_scaler = torch.cuda.amp.GradScaler()
while epoch < 10:
    for batch in batches:
        train_step(batch)
    epoch += 1
