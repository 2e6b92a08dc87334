import torch

model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(4)]

for x, y in batches: torch.nn.functional.mse_loss(model(x), y).backward(); optimizer.step()
