"""The PSNR of the backpropagated loss, summed for the epoch as plain numbers: the helper takes
the loss's `.item()`, or its result is turned into a number before it is added."""
import torch

img2mse = lambda x, y: torch.mean((x - y) ** 2)  # noqa: E731
mse2psnr = lambda x: -10.0 * torch.log10(x)  # noqa: E731

model = torch.nn.Sequential(torch.nn.Linear(6, 32), torch.nn.ReLU(), torch.nn.Linear(32, 3))
optimizer = torch.optim.Adam(model.parameters(), lr=5e-4)
rays, targets = torch.randn(128, 6), torch.rand(128, 3)
psnr_sum = 0.0
item_sum = 0.0
for i in range(50):
    img_loss = img2mse(model(rays), targets)
    optimizer.zero_grad(set_to_none=True)
    img_loss.backward()
    optimizer.step()
    psnr_sum += mse2psnr(img_loss).item()
    item_sum += mse2psnr(img_loss.detach())
print(psnr_sum / 50, item_sum / 50)
