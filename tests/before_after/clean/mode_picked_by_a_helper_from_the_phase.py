import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
X = torch.randn(64, 8); Y = torch.randint(0, 3, (64,))
loaders = {"train": list(zip(X.split(16), Y.split(16))), "val": list(zip(X[:32].split(16), Y[:32].split(16)))}
model = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.3), nn.Linear(16, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
def set_mode(m, ph):
    if ph == "train":
        m.train()
    else:
        m.eval()

for epoch in range(3):
    for phase in ["train", "val"]:
        set_mode(model, phase)
        for x, y in loaders[phase]:
            if phase == "train":
                optimizer.zero_grad()
                F.cross_entropy(model(x), y).backward()
                optimizer.step()
            else:
                with torch.no_grad():
                    F.cross_entropy(model(x), y)
