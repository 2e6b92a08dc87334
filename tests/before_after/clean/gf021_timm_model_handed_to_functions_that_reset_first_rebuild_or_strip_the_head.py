import timm
import torch


class Plain(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)

    def reset_classifier(self, n):
        self.fc.weight.data.zero_()


def reset_then_build(net, classes, loader):
    net.reset_classifier(classes)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for images, labels in loader:
        opt.zero_grad()
        torch.nn.functional.cross_entropy(net(images), labels).backward()
        opt.step()


def rebuilt_after_the_reset(net, classes, loader):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    net.reset_classifier(classes)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for images, labels in loader:
        opt.zero_grad()
        torch.nn.functional.cross_entropy(net(images), labels).backward()
        opt.step()


def features_only(net, loader):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    net.reset_classifier(0)
    for images, _ in loader:
        opt.zero_grad()
        net(images).pow(2).mean().backward()
        opt.step()


def handed_another_model_too(net, classes, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net.reset_classifier(classes)
    for images, labels in loader:
        opt.zero_grad()
        torch.nn.functional.cross_entropy(net(images), labels).backward()
        opt.step()


def handed_on_from_a_parameter(net, classes, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net.reset_classifier(classes)
    for images, labels in loader:
        opt.zero_grad()
        torch.nn.functional.cross_entropy(net(images), labels).backward()
        opt.step()


def outer(model, loader):
    handed_on_from_a_parameter(model, 10, loader)


def main(loader):
    model = timm.create_model("resnet18", pretrained=True)
    reset_then_build(model, 10, loader)
    rebuilt_after_the_reset(model, 10, loader)
    features_only(model, loader)
    handed_another_model_too(model, 10, loader)
    handed_another_model_too(Plain(), 4, loader)
