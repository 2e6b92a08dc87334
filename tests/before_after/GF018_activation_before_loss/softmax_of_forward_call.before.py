import torch

criterion = torch.nn.CrossEntropyLoss()
for step, (inputs, labels) in enumerate(loader):
    outputs = torch.nn.functional.softmax(model(inputs), dim=1)
    loss = criterion(outputs, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
