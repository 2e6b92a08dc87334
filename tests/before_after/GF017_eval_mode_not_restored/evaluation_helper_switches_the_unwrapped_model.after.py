import torch
from torch import nn
from accelerate import Accelerator
from accelerate.utils import set_seed

torch.manual_seed(0)
X, Y = torch.randn(64, 8), torch.randint(0, 3, (64,))
ds = torch.utils.data.TensorDataset(X, Y)

def evaluate(accelerator, model, dl):
    net = accelerator.unwrap_model(model)
    net.eval()
    with torch.no_grad():
        s = sum(float(net(x).sum()) for x, _ in dl)
    return s

def main():
    accelerator = Accelerator(cpu=True)
    model = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.5), nn.Linear(16, 3))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    dl = torch.utils.data.DataLoader(ds, batch_size=8)
    model, optimizer, dl = accelerator.prepare(model, optimizer, dl)
    crit = nn.CrossEntropyLoss()
    last = 0.0
    for epoch in range(3):
        for x, y in dl:
            loss = crit(model(x), y)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            last = loss.item()
        evaluate(accelerator, model, dl)
        model.train()
    return model, last
model, last = main()

print("FINAL", repr(float(last)), repr(sum(p.double().sum().item() for p in model.parameters())))
