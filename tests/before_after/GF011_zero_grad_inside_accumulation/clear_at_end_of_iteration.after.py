import torch

model = torch.nn.Linear(16, 4)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
N_ACCUM = 4

for i, (x, y) in enumerate(loader):
    loss = torch.nn.functional.cross_entropy(model(x), y) / N_ACCUM
    loss.backward()
    if (i + 1) % N_ACCUM == 0 or (i + 1) == len(loader):
        opt.step()
        opt.zero_grad()
