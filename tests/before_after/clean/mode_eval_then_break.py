import torch

model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

step = 0
while True:
    x, y = next(batches)
    optimizer.zero_grad()
    torch.nn.functional.cross_entropy(model(x), y).backward()
    optimizer.step()
    step += 1
    if step >= max_steps:
        model.eval()
        with torch.no_grad():
            final = model(holdout_x)
        break
