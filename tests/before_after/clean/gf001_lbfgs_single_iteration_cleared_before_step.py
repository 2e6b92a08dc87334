# `torch.optim.LBFGS(..., max_iter=1)` evaluates its closure once per step: the clear the loop
# makes right before `optimizer.step(closure)` clears before the closure's one backward.
import torch
import torch.nn.functional as F

X = torch.randn(64, 4)
Y = torch.tanh(X @ torch.randn(4, 1))
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
optimizer = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=1, history_size=5)
for epoch in range(5):
    def closure():
        loss = F.mse_loss(model(X), Y)
        loss.backward()
        return loss

    optimizer.zero_grad()
    optimizer.step(closure)
