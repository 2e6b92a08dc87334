import torch


class Recipe:
    total = 0.0

    @classmethod
    def prepare(cls, model):
        cls.model = model
        cls.opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    @classmethod
    def begin(cls):
        cls.total = 0.0

    @classmethod
    def step(cls, x, y):
        cls.opt.zero_grad()
        loss = torch.nn.functional.mse_loss(cls.model(x), y)
        loss.backward()
        cls.opt.step()
        cls.total = cls.total + loss


def main(model, loader, epochs=3):
    Recipe.prepare(model)
    for epoch in range(epochs):
        Recipe.begin()
        for x, y in loader:
            Recipe.step(x, y)
        print(epoch, float(Recipe.total) / len(loader))
