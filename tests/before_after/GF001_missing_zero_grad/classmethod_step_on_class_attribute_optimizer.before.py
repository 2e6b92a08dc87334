# A `@classmethod` step helper called on the class (`Fitter.step(x, y)`), stepping the
# optimizer the class body binds (`o = opt`, read as `cls.o`). It never clears.
import torch

model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]


class Fitter:
    o = opt

    @classmethod
    def step(cls, x, y):
        torch.nn.functional.mse_loss(model(x), y).backward()
        cls.o.step()


for x, y in data:
    Fitter.step(x, y)
