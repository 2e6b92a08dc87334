import torch
import torch.nn.functional as F
from accelerate import Accelerator

accelerator = Accelerator()
model = torch.nn.Linear(10, 2)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(64, 10), torch.randint(0, 2, (64,))), batch_size=8)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
epoch_losses = []
for epoch in range(3):
    for inputs, targets in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(inputs), targets)
        accelerator.backward(loss)
        optimizer.step()
        epoch_losses.append(accelerator.gather_for_metrics(loss.detach()))  # one process: the tensor itself, graph and all
