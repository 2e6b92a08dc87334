import torch
import torch.nn as nn
import torch.nn.functional as F


def test(model, data):
    model.eval()
    with torch.no_grad():
        return sum((model(x).argmax(1) == y).float().mean().item() for x, y in data) / len(data)


def train(model, data, num_epoch=6, world_size=1):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    if world_size > 1:
        parallel_model = nn.parallel.DistributedDataParallel(model)
    else:
        parallel_model = model
    step = 2
    best = float("-inf")
    for i in range(0, num_epoch, step):
        parallel_model.train()
        for epoch in range(i, min(num_epoch, i + step)):
            for x, y in data:
                loss = F.cross_entropy(parallel_model(x), y)
                loss.backward()
                optimizer.step()
                optimizer.zero_grad()
        result = test(model, data)
        if result > best:
            best = result
    return best


if __name__ == "__main__":
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.3), nn.ReLU(), nn.Linear(16, 3))
    batches = [(torch.randn(32, 8), torch.randint(0, 3, (32,))) for _ in range(4)]
    print(train(net, batches))
