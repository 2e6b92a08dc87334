import torch
from torch import nn

T, epochs = 4, 10
model = nn.GRUCell(3, 3)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
train_loader = torch.utils.data.DataLoader(torch.randn(64, T + 1, 3), batch_size=8)
scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=1e-2, epochs=epochs, steps_per_epoch=len(train_loader))
for epoch in range(epochs):
    for sequence in train_loader:
        state = sequence[:, 0]
        for t in range(T):  # autoregressive: one optimizer step per time step
            prediction = model(state.detach(), state.detach())
            loss = nn.functional.mse_loss(prediction, sequence[:, t + 1])
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            state = prediction
        scheduler.step()  # once per batch, as steps_per_epoch counts
