import torch

model = torch.nn.Linear(10, 1)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
data = [(torch.randn(4, 10), torch.randn(4, 1)) for _ in range(8)]

for epoch in range(2):
    for step, (x, y) in enumerate(data):
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if step % 4 == 0:
            print(epoch, step, loss.item())
