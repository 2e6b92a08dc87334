import torch
import torch.nn.functional as F


class AmpRun:
    """`prepare` builds the optimizer once; `tick`, a class method the loop calls by the
    class's name, builds a new GradScaler on every call and steps with it."""

    @classmethod
    def prepare(cls, model):
        cls.model = model
        cls.opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    @classmethod
    def tick(cls, x, y):
        cls.scaler = torch.amp.GradScaler("cuda")
        cls.opt.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.cross_entropy(cls.model(x), y)
        cls.scaler.scale(loss).backward()
        cls.scaler.step(cls.opt)
        cls.scaler.update()


def main(model, loader, epochs):
    AmpRun.prepare(model)
    for epoch in range(epochs):
        for x, y in loader:
            AmpRun.tick(x, y)
