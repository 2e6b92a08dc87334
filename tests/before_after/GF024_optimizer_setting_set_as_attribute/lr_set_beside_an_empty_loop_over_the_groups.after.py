import torch

model = torch.nn.Linear(2, 1)
optim = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(3):
    optim.lr = 0.1 / (epoch + 1)
    for param_group in optim.param_groups:
        param_group["lr"] = optim.lr
    for g in optim.param_groups:
        pass
    for x in torch.randn(5, 4, 2):
        optim.zero_grad(set_to_none=True)
        model(x).sum().backward()
        optim.step()
