import torch
from torch import nn

model = nn.Linear(10, 5)
criterion_CE = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loss_show, loss_aux_show = 0, 0
for step, (x, y) in enumerate([(torch.randn(8, 10), torch.randint(0, 5, (8,)))] * 20):
    logits = model(x)
    loss_main = criterion_CE(logits, y)
    loss_aux = criterion_CE(logits.flip(0), y)
    loss = loss_main + 0.5 * loss_aux
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
    loss_show += loss.detach()
    loss_aux_show += loss_aux.detach()
    if step % 10 == 9:
        print(float(loss_show) / 10, float(loss_aux_show) / 10)
        loss_show, loss_aux_show = 0, 0
