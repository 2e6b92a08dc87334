import torch
import torch.nn.functional as F
from torch import nn

N_EPOCHS = 6
net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=N_EPOCHS // 3, gamma=0.5)
splits = {"fit": [(torch.randn(4, 5), torch.randint(0, 2, (4,)))] * 3, "check": [(torch.randn(4, 5), torch.randint(0, 2, (4,)))]}


def run():
    for epoch in range(N_EPOCHS):
        for split, batches in splits.items():
            match split:
                case "fit":
                    net.train()
                    for inputs, labels in batches:
                        opt.zero_grad()
                        F.cross_entropy(net(inputs), labels).backward()
                        opt.step()
                        sched.step()
                case "check":
                    net.eval()


run()
