import torch

model = torch.nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

for x, y in [(torch.randn(4, 8), torch.randn(4, 1))] * 10:
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.zero_grad(); optimizer.step()
