# float16 autocast, the loss multiplied by a weight before backward: nothing divides the
# weight back out of the gradients, so this is a weighted loss, not loss scaling; the
# float16 gradients still underflow.
import torch

aux_weight = 0.3
model = Net().cuda()
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        main, aux = model(x.cuda())
        loss = criterion(main, y.cuda()) + criterion(aux, y.cuda()) * aux_weight
    (loss * 2.0).backward()
    optimizer.step()
