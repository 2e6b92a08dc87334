import timm
import torch


def transfer(network, n_labels, train_loader, epochs):
    adamw = torch.optim.AdamW(network.parameters(), lr=5e-4, weight_decay=0.01)
    network.reset_classifier(n_labels)
    for epoch in range(epochs):
        for inputs, labels in train_loader:
            adamw.zero_grad()
            loss = torch.nn.functional.cross_entropy(network(inputs), labels)
            loss.backward()
            adamw.step()


def main(train_loader):
    pretrained = timm.create_model("resnet18", pretrained=True)
    transfer(pretrained, 10, train_loader, epochs=3)
