import torch

model = torch.nn.Linear(16, 4)
weights = map(lambda item: item[1], model.named_parameters())
optimizer = torch.optim.SGD(weights, lr=0.1)
loader = [(torch.randn(8, 16), torch.randn(8, 4)) for _ in range(4)]

for stage, lr in enumerate((0.1, 0.01)):
    if stage:
        optimizer = torch.optim.SGD(weights, lr=lr)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
