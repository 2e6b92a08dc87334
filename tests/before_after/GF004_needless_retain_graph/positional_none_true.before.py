import torch

model = torch.nn.Linear(10, 1, bias=False)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
data = [(torch.randn(20, 10), torch.randn(20, 1)) for _ in range(5)]

for epoch in range(3):
    for x, y in data:
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward(None, True)
        opt.step()
