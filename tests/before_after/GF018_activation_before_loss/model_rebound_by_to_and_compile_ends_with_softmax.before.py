import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
net = nn.Sequential(
    nn.Linear(12, 32),
    nn.ReLU(),
    nn.Linear(32, 4),
    nn.Softmax(dim=1),
)
net = net.to(device)
net = torch.compile(net, backend="eager")
loss_fn = nn.CrossEntropyLoss()
opt = torch.optim.SGD(net.parameters(), lr=0.05)
for epoch in range(5):
    for xb, yb in [(torch.randn(8, 12), torch.randint(0, 4, (8,)))]:
        opt.zero_grad()
        loss = loss_fn(net(xb.to(device)), yb.to(device))
        loss.backward()
        opt.step()
