import torch
from lightning_fabric import Fabric

fabric = Fabric(accelerator="cpu", devices=1)
net = torch.nn.Sequential(torch.nn.Linear(16, 8), torch.nn.ReLU(), torch.nn.Linear(8, 4))
sgd = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
net, sgd = fabric.setup(net, sgd)
amp_scaler = torch.amp.GradScaler("cpu")
batches = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(4)]

for epoch in range(3):
    for x, y in batches:
        sgd.zero_grad(set_to_none=True)
        out = torch.nn.functional.cross_entropy(net(x), y)
        scaled_out = amp_scaler.scale(out)
        fabric.backward(scaled_out)
        sgd.step()
        amp_scaler.update()
