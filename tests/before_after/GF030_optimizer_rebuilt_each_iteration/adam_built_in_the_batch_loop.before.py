import torch
import torch.nn.functional as F

model = torch.nn.Sequential(torch.nn.Linear(16, 64), torch.nn.ReLU(), torch.nn.Linear(64, 4))
loader = make_loader(batch_size=32)

for epoch in range(10):
    for inputs, targets in loader:
        # one optimizer for the whole run
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-4)
        optimizer.zero_grad()
        loss = F.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
