import torch
from torch import nn
from torch.optim.swa_utils import AveragedModel

EPOCHS = 10
SWA_START = 6
model = nn.Linear(4, 1)
swa_model = AveragedModel(model)
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]


def main():
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)
    for epoch in range(EPOCHS):
        if epoch == SWA_START - 1:
            optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        if epoch >= SWA_START:
            swa_model.update_parameters(model)
        else:
            scheduler.step()


main()
