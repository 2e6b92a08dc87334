import torch

x = torch.randn(64, 3)
y = x @ torch.tensor([1.0, -2.0, 0.5])
w = torch.zeros(3, requires_grad=True)
optimizer = torch.optim.LBFGS([w], lr=0.5, max_iter=20)

for it in range(10):

    def closure():
        optimizer.zero_grad()
        loss = ((x @ w - y) ** 2).mean()
        loss.backward()
        return loss

    optimizer.step(closure)
