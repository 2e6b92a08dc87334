import torch
from torch import nn

EPOCHS = 10
model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)
loaders = {"train": [(torch.randn(3, 4), torch.randn(3, 2))] * 4, "val": [(torch.randn(3, 4), torch.randn(3, 2))] * 2}
for epoch in range(EPOCHS):
    for phase in ["train", "val"]:
        if phase == "train":
            model.train()
            for x, y in loaders[phase]:
                optimizer.zero_grad()
                loss = nn.functional.mse_loss(model(x), y)
                loss.backward()
                optimizer.step()
                scheduler.step()
        else:
            model.eval()
