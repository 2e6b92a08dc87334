import torch
import torch.nn.functional as F


def train_one_epoch(net, batches, optim, epoch, log_every=10):
    net.train()
    for i, (inputs, targets) in enumerate(batches):
        optim.zero_grad(set_to_none=True)
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = F.cross_entropy(net(inputs), targets)
        loss.backward()
        optim.step()
        if i % log_every == 0:
            print(epoch, i, loss.item())


net = torch.nn.Linear(16, 4)
optim = torch.optim.AdamW(net.parameters(), lr=1e-3)
batches = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(6)]
for epoch in range(5):
    train_one_epoch(net, batches, optim, epoch)
