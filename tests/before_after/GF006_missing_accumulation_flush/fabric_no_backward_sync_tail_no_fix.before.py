import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

GRAD_ACCUM = 8
fabric = Fabric(accelerator="cuda", devices=4, strategy="ddp")
fabric.launch()
model = torch.nn.Linear(32, 10)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
model, optimizer = fabric.setup(model, optimizer)
data = torch.utils.data.TensorDataset(torch.randn(1000, 32), torch.randint(0, 10, (1000,)))
train_loader = fabric.setup_dataloaders(torch.utils.data.DataLoader(data, batch_size=16))
for epoch in range(10):
    for step, (x, y) in enumerate(train_loader):
        accumulating = (step + 1) % GRAD_ACCUM != 0
        with fabric.no_backward_sync(model, enabled=accumulating):
            fabric.backward(F.cross_entropy(model(x), y) / GRAD_ACCUM)
        if not accumulating:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
