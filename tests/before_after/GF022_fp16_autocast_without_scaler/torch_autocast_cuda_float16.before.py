import torch

model = Net().cuda()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
for epoch in range(10):
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        loss.backward()
        optimizer.step()
