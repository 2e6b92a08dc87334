import torch

model = torch.nn.Sequential(torch.nn.Linear(32, 128), torch.nn.ReLU(), torch.nn.Linear(128, 3))
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3)
step = 0
max_steps = 200
batches = iter([])

while step < max_steps:
    x, y = next(batches)
    logits = model(x)
    loss = torch.nn.functional.cross_entropy(logits, y) + 0.1 * logits.pow(2).mean()
    loss.backward()
    optimizer.step()
    step += 1
