import torch
import torch.nn.functional as F

model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Dropout(0.2), torch.nn.Linear(8, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(2, 4), torch.randint(0, 3, (2,)))] * 8
clear = lambda: opt.zero_grad(set_to_none=True)  # noqa: E731
back_to_train = lambda: model.train()  # noqa: E731
for epoch in range(3):
    for x, y in loader:
        clear()
        F.cross_entropy(model(x), y).backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        print(epoch, sum(F.cross_entropy(model(x), y).item() for x, y in loader))
    back_to_train()
