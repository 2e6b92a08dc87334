"""The window's summed gradients are averaged by hand at its end, over however many
micro-batches it held (the last window of the epoch holds fewer)."""
import torch
import torch.nn.functional as F

model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(40, 4), torch.randint(0, 2, (40,))), batch_size=4)
accumulation = 4
seen = 0
for i, (x, y) in enumerate(loader):
    F.cross_entropy(model(x), y).backward()
    seen += 1
    if (i + 1) % accumulation == 0 or i + 1 == len(loader):
        for parameter in model.parameters():
            parameter.grad /= seen
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        seen = 0
