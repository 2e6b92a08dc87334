# A `@classmethod` step helper clears the class attribute optimizer (`cls.o`) before its
# backward and step: nothing accumulates.
import torch

model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)


class Fitter:
    o = opt

    @classmethod
    def step(cls, x, y):
        cls.o.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        cls.o.step()


for x, y in [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]:
    Fitter.step(x, y)
