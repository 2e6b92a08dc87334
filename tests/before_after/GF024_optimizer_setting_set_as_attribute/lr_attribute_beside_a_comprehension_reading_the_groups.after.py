import torch

model = torch.nn.Linear(6, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(20):
    for _ in range(8):
        optimizer.zero_grad()
        model(torch.randn(4, 6)).pow(2).mean().backward()
        optimizer.step()
    if epoch == 10:
        optimizer.lr = 0.01
        for param_group in optimizer.param_groups:
            param_group["lr"] = optimizer.lr
    print(epoch, [group["lr"] for group in optimizer.param_groups])
