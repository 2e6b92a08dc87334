import torch

model = Net()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
compiled = torch.compile(model)

for epoch in range(epochs):
    compiled.train()
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(compiled(x), y).backward()
        optimizer.step()
    compiled.eval()
    with torch.inference_mode():
        print(torch.nn.functional.mse_loss(compiled(val_x), val_y).item())
