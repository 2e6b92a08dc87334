# Two modules switched to eval through a literal list, switched back at the top of each epoch
# through a comprehension over a dict's values (a call of `.train()` that the mode walk does not
# read): the file calls `.train(` in code, so the listed eval is taken to be restored.
import torch
from torch import nn

nets = {"encoder": nn.Sequential(nn.Linear(6, 8), nn.Dropout(0.2)), "decoder": nn.Sequential(nn.Linear(8, 6), nn.Dropout(0.2))}
optimizer = torch.optim.Adam([p for net in nets.values() for p in net.parameters()], lr=1e-3)
batches = [torch.randn(16, 6) for _ in range(12)]

for epoch in range(5):
    _ = [net.train() for net in nets.values()]  # dropout on again
    for x in batches:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(nets["decoder"](nets["encoder"](x)), x)
        loss.backward()
        optimizer.step()
    for net in [nets["encoder"], nets["decoder"]]:
        net.eval()
    with torch.no_grad():
        held_out = torch.randn(16, 6)
        print(epoch, nn.functional.mse_loss(nets["decoder"](nets["encoder"](held_out)), held_out).item())
