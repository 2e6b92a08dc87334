import torch
from torch import nn

splits = {
    "train": [(torch.randn(8, 12), torch.randint(0, 3, (8,))) for _ in range(6)],
    "valid": [(torch.randn(8, 12), torch.randint(0, 3, (8,))) for _ in range(2)],
}
net = nn.Sequential(nn.Linear(12, 24), nn.Dropout(0.2), nn.Linear(24, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)

for epoch in range(5):
    for stage in ("train", "valid"):
        if stage == "valid":
            net.eval()
        total = 0.0
        for inputs, labels in splits[stage]:
            with torch.set_grad_enabled(stage == "train"):
                loss = nn.functional.cross_entropy(net(inputs), labels)
            if stage == "train":
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            total += loss.item()
        print(epoch, stage, total)
