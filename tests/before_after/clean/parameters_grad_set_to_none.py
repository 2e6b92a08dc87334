import torch

model = torch.nn.Linear(6, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(5, 6), torch.randint(0, 2, (5,))) for _ in range(3)]

for x, y in batches:
    for p in model.parameters():
        p.grad = None
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
