import torch

model = torch.nn.Linear(5, 1)
for step in range(5):
    loss = model(torch.randn(10, 5)).pow(2).mean()
    loss.backward()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    optimizer.step()
