import torch
from torch import nn
from torch.nn.parallel import DistributedDataParallel


def fit(net: nn.Module, loader, epochs: int) -> None:
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    # moving a module to the GPU keeps its parameter objects, so the optimizer still holds them
    net = DistributedDataParallel(
        net if next(net.parameters()).is_cuda else net.cuda(),
        device_ids=[torch.cuda.current_device()],
    )
    for _ in range(epochs):
        for images, labels in loader:
            opt.zero_grad()
            nn.functional.cross_entropy(net(images.cuda()), labels.cuda()).backward()
            opt.step()


class Runner:
    def __init__(self, encoder: nn.Module) -> None:
        self.encoder = encoder
        self.optim = torch.optim.AdamW(self.encoder.parameters(), lr=3e-4)
        self.encoder = DistributedDataParallel(
            module=self.encoder.cuda() if torch.cuda.is_available() else self.encoder,
            broadcast_buffers=False,
        )

    def train_step(self, batch) -> float:
        self.optim.zero_grad()
        loss = self.encoder(batch).pow(2).mean()
        loss.backward()
        self.optim.step()
        return loss.item()
