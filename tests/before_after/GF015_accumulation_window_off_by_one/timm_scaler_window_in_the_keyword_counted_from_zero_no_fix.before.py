import torch
from timm.utils import NativeScaler

model = torch.nn.Linear(10, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = NativeScaler()
loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(64, 10), torch.randint(0, 2, (64,))), batch_size=8)
for epoch in range(3):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / 4
        scaler(loss, opt, need_update=i % 4 == 0)
        if i % 4 == 0:
            opt.zero_grad()
