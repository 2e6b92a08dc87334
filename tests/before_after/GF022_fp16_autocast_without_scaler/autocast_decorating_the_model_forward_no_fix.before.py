"""The model classes of the file decorate their `forward` with a CUDA float16 autocast; the
loops (at module level, and in a trainer's method over `self.net`) backpropagate without a loss
scaler. Reported at the decorator, without a fix (the autocast is not in the loop)."""
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)

    @torch.autocast(device_type="cuda", dtype=torch.float16)
    def forward(self, x):
        return self.fc(x)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))

    @torch.cuda.amp.autocast()
    def forward(self, inputs):
        return self.body(inputs)


class Trainer:
    def __init__(self, lr):
        self.net = Encoder().to("cuda")
        self.opt = torch.optim.Adam(self.net.parameters(), lr=lr)

    def fit(self, batches):
        for inputs, targets in batches:
            self.opt.zero_grad()
            loss = nn.functional.mse_loss(self.net(inputs).float(), targets)
            loss.backward()
            self.opt.step()


model = Net().cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
step = 0
while step < 10:
    x = torch.randn(8, 4, device="cuda")
    opt.zero_grad()
    model(x).float().pow(2).mean().backward()
    opt.step()
    step += 1
